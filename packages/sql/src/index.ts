export { openDatabase, type Database, type OpenDatabaseOptions } from './database.ts';
export { runMigrations, type MigrationSet, MigrationError } from './migrate.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
export { sql, type Kysely, type Transaction, type Migration, type Selectable, type Insertable, type Updateable, type Generated, type ColumnType, type ExpressionBuilder, type OnConflictBuilder, type RawBuilder } from 'kysely';

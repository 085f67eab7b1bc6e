import { MemoryBus } from '../src/index.ts';
import { describeBusConformance } from './conformance.ts';

describeBusConformance('MemoryBus', async () => new MemoryBus());

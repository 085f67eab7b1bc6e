import type { Category } from '@brokerwise/api-contract';
import { useT } from '../lib/use-t';
import { ChevronRight } from './icons';
import { SiteLink } from './SiteLink';
import classes from './CategoryTiles.module.css';

/** Entry points into the four company categories, with how many companies each lists. */
export function CategoryTiles({ categories }: { categories: Category[] }) {
  const t = useT();
  return (
    <ul className={classes.grid}>
      {categories.map((category) => (
        <li key={category.id}>
          <SiteLink to={`/listing/${category.slug}`} className={classes.tile} data-slug={category.slug} data-testid="category-tile">
            <span className={classes.badge} aria-hidden="true">
              {category.name.slice(0, 1)}
            </span>
            <span className={classes.text}>
              <span className={classes.name}>{category.name}</span>
              <span className={classes.count}>{t('home.categories.count', { count: category.companyCount })}</span>
            </span>
            <ChevronRight className={classes.arrow} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

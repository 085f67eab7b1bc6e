/** The fixed list of post categories, in display order, named in both languages. */
export interface Category {
  slug: string;
  nameEn: string;
  nameZh: string;
}

export const CATEGORIES: readonly Category[] = Object.freeze([
  { slug: 'analysis', nameEn: 'Market analysis', nameZh: '市场分析' },
  { slug: 'education', nameEn: 'Trading education', nameZh: '交易学堂' },
  { slug: 'news', nameEn: 'News', nameZh: '行业资讯' },
  { slug: 'strategy', nameEn: 'Strategies', nameZh: '交易策略' },
  { slug: 'broker-review', nameEn: 'Broker reviews', nameZh: '券商测评' },
  { slug: 'lifestyle', nameEn: 'Trader life', nameZh: '交易员生活' },
]);

export const CATEGORY_SLUGS: readonly string[] = CATEGORIES.map((c) => c.slug);

export const isCategory = (slug: string): boolean => CATEGORY_SLUGS.includes(slug);

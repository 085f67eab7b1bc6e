import { describe, expect, it } from 'vitest';
import { foldLatin, hanText, latinWords, segmentZh, toTsQuery } from './text.ts';

describe('text normalisation', () => {
  it('folds case, accents and punctuation the same way for documents and queries', () => {
    expect(foldLatin('Méridian  ARC-Brokers')).toBe('meridian arc brokers');
    expect(foldLatin('Société Générale')).toBe('societe generale');
    expect(foldLatin('Øresund Straße')).toBe('oresund strasse');
    expect(foldLatin("Zhu'an Jiaoyi")).toBe('zhuan jiaoyi');
    expect(foldLatin('北风市场 Northwind')).toBe('northwind');
    expect(foldLatin('ＦＸ')).toBe('fx');
    expect(latinWords('  ')).toEqual([]);
  });

  it('extracts and segments Chinese', () => {
    expect(hanText('北风 市场!')).toBe('北风市场');
    expect(hanText('north')).toBe('');
    expect(segmentZh('朱鹮外汇')).toContain('外汇');
    expect(segmentZh('最高杠杆1:30，MT5')).toEqual(expect.arrayContaining(['杠杆', 'mt5']));
    expect(segmentZh('，。')).toEqual([]);
  });

  it('builds tsqueries only from letters and digits', () => {
    expect(toTsQuery(['north', 'wind', 'north'], { prefix: true, weights: 'AB' })).toBe("'north':*AB & 'wind':*AB");
    expect(toTsQuery(['外汇'], { prefix: false })).toBe("'外汇'");
    expect(toTsQuery(["a'b", '|'], { prefix: false })).toBeNull();
  });
});

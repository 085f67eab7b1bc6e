import { describe, expect, it } from 'vitest';
import { isSafeLocalPath, safeLocalPath } from './index.ts';

describe('safeLocalPath: redirect and link targets from data stay on this site', () => {
  it.each([
    ['/', '/'],
    ['/promotion', '/promotion'],
    ['/user/notice?tab=system#top', '/user/notice?tab=system#top'],
    ['/vlog/detail?id=1&x=%2F%2Fevil', '/vlog/detail?id=1&x=%2F%2Fevil'],
    ['/a/../b', '/b'],
    ['/搜索?q=外汇', '/%E6%90%9C%E7%B4%A2?q=%E5%A4%96%E6%B1%87'],
  ])('keeps %j', (input, expected) => {
    expect(safeLocalPath(input)).toBe(expected);
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/path', 'protocol-relative with path'],
    ['/\\evil.example/', 'slash-backslash'],
    ['\\\\evil.example', 'double backslash'],
    ['\\/evil.example', 'backslash-slash'],
    ['/path\\with\\backslashes', 'any backslash'],
    ['https://evil.example', 'absolute https'],
    ['http:evil.example', 'scheme without slashes'],
    ['javascript:alert(1)', 'javascript scheme'],
    ['JaVaScRiPt:alert(1)', 'mixed-case scheme'],
    ['data:text/html,<script>alert(1)</script>', 'data scheme'],
    ['/\t/evil.example', 'tab (browsers strip it: //evil)'],
    ['/\n/evil.example', 'newline'],
    ['/\r\nSet-Cookie: x=1', 'header splitting'],
    ['/\u0000', 'NUL'],
    ['/\u007f', 'DEL'],
    ['/\u0085', 'C1 next line'],
    ['/\ud800', 'lone high surrogate'],
    ['/\udc00x', 'lone low surrogate'],
    [' /promotion', 'leading space'],
    ['promotion', 'relative without slash'],
    ['', 'empty'],
    [`/${'a'.repeat(2048)}`, 'overlong'],
    [null, 'null'],
    [42, 'number'],
  ])('refuses %j (%s)', (input, _why) => {
    expect(safeLocalPath(input)).toBeNull();
    expect(isSafeLocalPath(input)).toBe(false);
  });
});

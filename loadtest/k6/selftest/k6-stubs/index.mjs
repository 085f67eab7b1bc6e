// Stand-in for the `k6` module: records checks and groups; sleep does nothing.
export const recorded = { checks: {}, groups: [] };

export function check(value, sets) {
  let all = true;
  for (const [name, fn] of Object.entries(sets)) {
    const ok = Boolean(fn(value));
    const entry = (recorded.checks[name] ??= { pass: 0, fail: 0 });
    if (ok) entry.pass++;
    else entry.fail++;
    all &&= ok;
  }
  return all;
}

export function group(name, fn) {
  recorded.groups.push(name);
  return fn();
}

export function sleep() {}

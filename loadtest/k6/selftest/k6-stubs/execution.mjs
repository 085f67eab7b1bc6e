// Stand-in for `k6/execution`: VU 1 of scenario "selftest".
export default { vu: { idInTest: 1, idInInstance: 1, iterationInScenario: 0 }, scenario: { name: 'selftest' } };

// Stand-in for `k6/execution`: which VU and scenario this is.
import { vu } from './state.ts';

const execution = {
  vu: {
    get idInTest() {
      return vu.idInTest;
    },
    get idInInstance() {
      return vu.idInTest;
    },
    get iterationInScenario() {
      return vu.iterationInScenario;
    },
  },
  scenario: {
    get name() {
      return vu.scenario;
    },
  },
};

export default execution;

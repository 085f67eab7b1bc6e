import { Type, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';

export const SimulatorConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ default: 3208, minimum: 0, maximum: 65535 }),
  APP_MODE: commonServiceSettings.APP_MODE,
  LOG_LEVEL: commonServiceSettings.LOG_LEVEL,
  LOG_REQUESTS: commonServiceSettings.LOG_REQUESTS,
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 0 }),
  METRICS_PORT: commonServiceSettings.METRICS_PORT,
  METRICS_HOST: commonServiceSettings.METRICS_HOST,
  /** How long a request for an account ending in 13 hangs before the simulator gives up on it. */
  SIM_HANG_MS: Type.Integer({ default: 120_000, minimum: 0 }),
});

export type SimulatorConfig = Static<typeof SimulatorConfigSchema>;

export const parseSimulatorConfig = (env: Record<string, string | undefined>): Readonly<SimulatorConfig> => parseConfig(SimulatorConfigSchema, env);

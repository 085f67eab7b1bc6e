/** Messages between the Node runner's main thread and its VU workers. */

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; data: ArrayBuffer }
  | { kind: 'form'; fields: { name: string; value: string }[] }
  | { kind: 'multipart'; fields: ({ name: string; value: string } | { name: string; file: { data: ArrayBuffer; filename: string; contentType: string } })[] };

/** A VU's HTTP call, sent to the main thread, which makes it. */
export interface HttpRequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodySpec;
  tags: Record<string, string>;
  timeoutMs: number;
  binary: boolean;
}

export interface HttpReply {
  status: number;
  /** Header names as k6 gives them (Content-Type). */
  headers: Record<string, string>;
  body: string | ArrayBuffer | null;
  url: string;
  error: string;
  durationMs: number;
}

/** What a VU worker is started for. */
export interface VuWorkerData {
  script: string;
  env: Record<string, string>;
  mode: 'options' | 'setup' | 'teardown' | 'vu';
  vuId: number;
  scenario: string;
  exec: string;
  /** per-vu-iterations: how many; otherwise until told to stop. */
  iterations: number | null;
  data: unknown;
  sync: SharedArrayBuffer;
  control: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'options'; options: unknown; hasSetup: boolean; hasTeardown: boolean }
  | { type: 'setup'; data: unknown }
  | { type: 'checks'; checks: { scenario: string; group: string; name: string; pass: number; fail: number }[] }
  | { type: 'iteration'; scenario: string; durationMs: number; error?: string; interrupted?: boolean }
  | { type: 'fatal'; error: string };

/**
 * ffmpeg and ffprobe as child processes: arguments as an array (no shell, so no quoting or
 * injection), a time limit and an AbortSignal that both SIGKILL the process, progress from
 * `-progress pipe:1`, and failures as an FfmpegError with a stable `code` and the tail of stderr.
 * A run settles only after the process has exited and been reaped, so a caller may remove its
 * files right away.
 */
import { spawn } from 'node:child_process';

export type FfmpegErrorCode =
  /** The binary is missing or not executable. */
  | 'not_found'
  /** The process exited non-zero: bad input, unsupported option… (see `stderrTail`). */
  | 'failed'
  /** Killed at the time limit. */
  | 'timeout'
  /** Killed because the caller's signal aborted. */
  | 'aborted'
  /** ffprobe's output was not the JSON it should be (or too large). */
  | 'bad_output';

/** A failure of ffmpeg or ffprobe; match on `code` (stable), not on the message. */
export class FfmpegError extends Error {
  readonly code: FfmpegErrorCode;
  readonly tool: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The last lines ffmpeg wrote to stderr (its explanation of a failure). */
  readonly stderrTail: string;
  readonly pid: number | undefined;
  constructor(
    code: FfmpegErrorCode,
    message: string,
    details: { tool: string; exitCode?: number | null; signal?: NodeJS.Signals | null; stderrTail?: string; pid?: number | undefined; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'FfmpegError';
    this.code = code;
    this.tool = details.tool;
    this.exitCode = details.exitCode ?? null;
    this.signal = details.signal ?? null;
    this.stderrTail = details.stderrTail ?? '';
    this.pid = details.pid;
  }
}

/** Whether `err` is an FfmpegError (by name, so it holds across module copies). */
export const isFfmpegError = (err: unknown): err is FfmpegError => err instanceof Error && err.name === 'FfmpegError' && typeof (err as { code?: unknown }).code === 'string';

/** One `-progress` block: where the output is, in seconds of media, and how fast it goes. */
export interface FfmpegProgress {
  /** Output position in seconds (NaN before the first frame). */
  outTimeSeconds: number;
  frame: number;
  fps: number;
  /** Bytes written so far. */
  totalSize: number;
  /** Encoding speed as a multiple of real time (NaN when ffmpeg reports N/A). */
  speed: number;
  /** 0–1 when `durationSeconds` was given, else undefined. */
  ratio: number | undefined;
  /** `end` on the last block of a run. */
  state: 'continue' | 'end';
}

export interface RunOptions {
  /** SIGKILL after this long (default 5 minutes). */
  timeoutMs?: number;
  /** SIGKILL when this aborts. */
  signal?: AbortSignal;
  /** Called per progress block (ffmpeg only; adds `-progress pipe:1 -nostats`). */
  onProgress?: (progress: FfmpegProgress) => void;
  /** Media duration of the output, for `ratio`. */
  durationSeconds?: number;
  cwd?: string;
}

export interface RunResult {
  /** Everything written to stdout (empty for ffmpeg runs with progress, which use it). */
  stdout: string;
  stderrTail: string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const STDERR_KEEP = 8 * 1024;
const TAIL_LINES = 12;
const STDOUT_MAX = 16 * 1024 * 1024;

const lastLines = (text: string, n = TAIL_LINES): string => text.trim().split('\n').slice(-n).join('\n');

const num = (v: string | undefined): number => {
  if (v === undefined || v === 'N/A') return Number.NaN;
  return Number.parseFloat(v);
};

/** Parses one block of `-progress` key=value lines (exported for unit tests). */
export function parseProgressBlock(fields: ReadonlyMap<string, string>, durationSeconds?: number): FfmpegProgress {
  // `out_time_us` (newer) and `out_time_ms` (older, despite its name also microseconds).
  let micros = num(fields.get('out_time_us') ?? fields.get('out_time_ms'));
  if (!Number.isFinite(micros)) {
    const m = /^(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(fields.get('out_time') ?? '');
    if (m) micros = (m[1] ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1e6;
  }
  const outTimeSeconds = micros / 1e6;
  const ratio =
    durationSeconds && durationSeconds > 0 && Number.isFinite(outTimeSeconds) ? Math.min(1, Math.max(0, outTimeSeconds / durationSeconds)) : undefined;
  return {
    outTimeSeconds,
    frame: num(fields.get('frame')),
    fps: num(fields.get('fps')),
    totalSize: num(fields.get('total_size')),
    speed: num(fields.get('speed')?.replace(/x$/, '')),
    ratio: fields.get('progress') === 'end' && ratio !== undefined ? 1 : ratio,
    state: fields.get('progress') === 'end' ? 'end' : 'continue',
  };
}

/**
 * Runs `binary args…` and resolves when it exits 0. `tool` names it in errors. Use `runFfmpeg`
 * or `runFfprobe` rather than this.
 */
export function runTool(tool: string, binary: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, onProgress, durationSeconds, cwd } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (signal?.aborted) return Promise.reject(new FfmpegError('aborted', `${tool} not started: aborted`, { tool, cause: signal.reason }));

  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stderr = '';
    let stdout = '';
    let stdoutBytes = 0;
    let overflow = false;
    let killedFor: 'timeout' | 'aborted' | undefined;
    let spawnError: NodeJS.ErrnoException | undefined;

    const kill = (why: 'timeout' | 'aborted') => {
      if (killedFor || child.exitCode !== null || child.signalCode !== null) return;
      killedFor = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), timeoutMs);
    const onAbort = () => kill('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    });

    child.stdout.setEncoding('utf8');
    let pending = '';
    let block = new Map<string, string>();
    child.stdout.on('data', (chunk: string) => {
      if (!onProgress) {
        stdoutBytes += Buffer.byteLength(chunk);
        if (stdoutBytes > STDOUT_MAX) overflow = true;
        else stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq).trim();
        block.set(key, line.slice(eq + 1).trim());
        if (key === 'progress') {
          onProgress(parseProgressBlock(block, durationSeconds));
          block = new Map();
        }
      }
    });

    child.on('error', (err: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES) come here and then 'close' follows.
      spawnError ??= err;
    });

    child.on('close', (exitCode, exitSignal) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const stderrTail = lastLines(stderr);
      const details = { tool, exitCode, signal: exitSignal, stderrTail, pid: child.pid };
      if (spawnError) {
        const code = spawnError.code === 'ENOENT' || spawnError.code === 'EACCES' ? 'not_found' : 'failed';
        return reject(new FfmpegError(code, `${tool} could not start (${binary}): ${spawnError.message}`, { ...details, cause: spawnError }));
      }
      if (killedFor === 'timeout') return reject(new FfmpegError('timeout', `${tool} killed after ${timeoutMs} ms`, details));
      if (killedFor === 'aborted') return reject(new FfmpegError('aborted', `${tool} killed: aborted`, { ...details, cause: signal?.reason }));
      if (exitCode !== 0) {
        const why = exitSignal ? `was killed by ${exitSignal}` : `exited with code ${exitCode}`;
        return reject(new FfmpegError('failed', `${tool} ${why}${stderrTail ? `: ${lastLines(stderrTail, 3)}` : ''}`, details));
      }
      if (overflow) return reject(new FfmpegError('bad_output', `${tool} wrote more than ${STDOUT_MAX} bytes to stdout`, details));
      resolve({ stdout, stderrTail });
    });
  });
}

/**
 * Runs ffmpeg with `args` (inputs, options, outputs; `-y` if it may overwrite). Adds
 * `-hide_banner -nostdin` and, with `onProgress`, `-progress pipe:1 -nostats`.
 */
export function runFfmpeg(binary: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const prefix = ['-hide_banner', '-nostdin', ...(options.onProgress ? ['-progress', 'pipe:1', '-nostats'] : [])];
  return runTool('ffmpeg', binary, [...prefix, ...args], options);
}

/** ffprobe's `-show_format -show_streams` answer (fields beyond these are kept, untyped). */
export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  nb_frames?: string;
  /** With `-count_packets`. */
  nb_read_packets?: string;
  tags?: Record<string, string>;
  disposition?: Record<string, number>;
  side_data_list?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export interface ProbeFormat {
  format_name?: string;
  duration?: string;
  size?: string;
  tags?: Record<string, string>;
  [key: string]: unknown;
}

export interface ProbeData {
  streams: ProbeStream[];
  format: ProbeFormat;
}

/**
 * ffprobe of one file as JSON. `args` go before the file (input options such as `-f mov`,
 * `-protocol_whitelist file`, `-count_packets`). A file ffprobe cannot read rejects with code
 * `failed`; output that is not ffprobe's JSON with `bad_output`.
 */
export async function runFfprobe(binary: string, file: string, args: readonly string[] = [], options: Omit<RunOptions, 'onProgress' | 'durationSeconds'> = {}): Promise<ProbeData> {
  const { stdout, stderrTail } = await runTool('ffprobe', binary, ['-hide_banner', '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...args, file], options);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (err) {
    throw new FfmpegError('bad_output', `ffprobe printed no JSON for ${file}`, { tool: 'ffprobe', exitCode: 0, stderrTail, cause: err });
  }
  if (typeof parsed !== 'object' || parsed === null) throw new FfmpegError('bad_output', `ffprobe printed no JSON object for ${file}`, { tool: 'ffprobe', exitCode: 0, stderrTail });
  const { streams, format } = parsed as { streams?: unknown; format?: unknown };
  return {
    streams: Array.isArray(streams) ? (streams.filter((s) => typeof s === 'object' && s !== null) as ProbeStream[]) : [],
    format: typeof format === 'object' && format !== null ? (format as ProbeFormat) : {},
  };
}

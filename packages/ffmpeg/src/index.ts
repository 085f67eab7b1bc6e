export { FfmpegError, isFfmpegError, parseProgressBlock, runFfmpeg, runFfprobe, type FfmpegErrorCode, type FfmpegProgress, type ProbeData, type ProbeFormat, type ProbeStream, type RunOptions, type RunResult } from './run.ts';
export {
  compareLibavcodec,
  describeTools,
  mediaTools,
  parseVersion,
  REQUIRED_ENCODERS,
  resolveMediaTools,
  type MediaTool,
  type MediaTools,
  type ResolveOptions,
  type VersionInfo,
} from './resolve.ts';

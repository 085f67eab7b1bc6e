// hls.js ships its light build (no subtitles, alternate audio or DRM, which our videos never
// have) as `hls.js/light` without a types entry; it has the full build's API.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}

import { useEffect, useRef, type VideoHTMLAttributes } from 'react';

/** The HLS master playlist's type, as Safari's native player reports it in canPlayType. */
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether a video URL is an HLS playlist (new videos) rather than one mp4 (videos made before, ADR 032). */
export const isHls = (url: string): boolean => /\.m3u8(\?|$)/.test(url);

/**
 * Safari's own HLS player (Apple's, with its own bit-rate switching and AirPlay), or any player
 * that knows HLS in a browser without Media Source Extensions. Chromium also answers "maybe" to
 * canPlayType since version 14x, but there hls.js (MSE) is kept: the same player and the same
 * rendition switching in every MSE browser (ADR 032).
 */
function prefersNative(video: HTMLVideoElement): boolean {
  if (!video.canPlayType(HLS_TYPE)) return false;
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !mse || navigator.vendor.startsWith('Apple');
}

/**
 * A <video> for an HLS master playlist. Safari plays it natively (`prefersNative`); elsewhere
 * hls.js plays it through Media Source Extensions. hls.js (its
 * light build) is imported only here, when such a video mounts, so no other page's script
 * grows. The server render names the playlist in `data-src` only (a typed <source> would make
 * browsers with their own HLS fetch it before hydration, twice); the poster, the page's LCP
 * image, shows until playback. `data-player` says which one played (`native` | `hls.js`) and
 * `data-hls` how far hls.js got (`attached` → `manifest-parsed`, or `error`).
 */
export function AdaptiveVideo({ src, ...props }: { src: string } & Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> & { 'data-testid'?: string }) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (prefersNative(video)) {
      video.dataset.player = 'native';
      video.src = src;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    let hls: { destroy(): void } | undefined;
    let stopped = false;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (stopped || !Hls.isSupported()) return;
      // Like preload="metadata": the master playlist now, segments once the viewer plays or seeks.
      const player = new Hls({ capLevelToPlayerSize: true, autoStartLoad: false });
      hls = player;
      const start = () => {
        video.removeEventListener('play', start);
        video.removeEventListener('seeking', start);
        player.startLoad(video.currentTime > 0 ? video.currentTime : -1);
      };
      video.addEventListener('play', start);
      video.addEventListener('seeking', start);
      video.dataset.player = 'hls.js';
      player.on(Hls.Events.MEDIA_ATTACHED, () => {
        video.dataset.hls = 'attached';
        player.loadSource(src);
      });
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        video.dataset.hls = 'manifest-parsed';
      });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) video.dataset.hls = 'error';
      });
      player.attachMedia(video);
    });
    return () => {
      stopped = true;
      hls?.destroy();
    };
  }, [src]);

  return <video ref={ref} data-src={src} {...props} />;
}

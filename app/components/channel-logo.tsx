import { useEffect, useRef, useState } from 'react';

/** The marks we ship, by channel name (public/channels/*.svg). */
const LOGOS: Record<string, string> = {
  tokopedia: '/channels/tokopedia.svg',
  shopee: '/channels/shopee.svg',
};

/**
 * A channel as its logo, as the spec's lists show it, its name as the image's text. A channel without a logo, or
 * whose logo fails to load, shows a placeholder with its initial instead (a logo that failed before the page was
 * hydrated is caught on mount).
 */
export function ChannelLogo({ name }: { name: string | null | undefined }) {
  const source = name ? LOGOS[name.trim().toLowerCase()] : undefined;
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const node = image.current;
    if (node && node.complete && node.naturalWidth === 0) setFailed(true);
  }, []);
  if (!name) return <>–</>;
  if (!source || failed) {
    return (
      <span
        role="img"
        aria-label={name}
        title={name}
        className="inline-flex h-6 w-6 items-center justify-center rounded bg-slate-200 text-xs font-semibold text-slate-700"
      >
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      ref={image}
      src={source}
      alt={name}
      title={name}
      width={24}
      height={24}
      className="inline-block h-6 w-6"
      onError={() => setFailed(true)}
    />
  );
}

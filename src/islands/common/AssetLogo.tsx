// An asset's logo from the public logo service, over a lettered circle: when the image cannot load
// (offline, unknown symbol) it is hidden and the letter stays, so rows keep their shape. Without a
// source (the market table's sizer rows) there is only the letter.
import { useEffect, useRef, useState } from 'react';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-14 w-14 text-lg' } as const;

export function AssetLogo({ symbol, src, size = 'sm' }: { symbol: string; src: string; size?: keyof typeof SIZES }) {
  const [failed, setFailed] = useState(false);
  // A page rendered on the Worker holds the <img> before React listens for its error: one that
  // already failed by hydration is caught here.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, []);
  const px = size === 'lg' ? 56 : size === 'md' ? 40 : 32;
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gray-200 font-semibold text-gray-600 ${SIZES[size]}`}
    >
      {symbol.slice(0, 1).toUpperCase()}
      {!failed && src && (
        <img
          ref={img}
          src={src}
          alt=""
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full bg-white object-contain"
        />
      )}
    </span>
  );
}

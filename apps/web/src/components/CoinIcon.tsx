import { useState } from 'react';

/** A coin or pool icon; falls back to a neutral disc when the file is missing. */
export function CoinIcon({ src, size = 24, label = '' }: { src: string; size?: number; label?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <span className="coin-icon coin-icon--missing" style={{ width: size, height: size }} aria-hidden={!label} />;
  }
  return <img className="coin-icon" src={src} width={size} height={size} alt={label} onError={() => setFailed(true)} />;
}

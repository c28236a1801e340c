import { publicEnv } from '@/lib/public-env';

/**
 * Yandex Metrica's pixel for visitors without JavaScript, only when NEXT_PUBLIC_YM_ID is set. The
 * tag itself is started by the page's enhancer (src/site/enhance.mjs), on load, under the CSP nonce.
 */
export function MetricaTag() {
  const id = Number(publicEnv.ymId);
  if (!Number.isInteger(id) || id <= 0) return null;
  return (
    <noscript>
      {/* eslint-disable-next-line @next/next/no-img-element -- Metrica's no-script pixel */}
      <img src={`https://mc.yandex.ru/watch/${id}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
    </noscript>
  );
}

import Script from 'next/script';
import { publicEnv } from '@/lib/public-env';

/** The Yandex Metrica tag, only when NEXT_PUBLIC_YM_ID is set: otherwise no third-party script. */
export function MetricaTag() {
  const id = Number(publicEnv.ymId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const init = `(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${id},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true,webvisor:false});`;
  return (
    <>
      <Script id="yandex-metrica" strategy="afterInteractive">
        {init}
      </Script>
      <noscript>
        {/* eslint-disable-next-line @next/next/no-img-element -- Metrica's no-script pixel */}
        <img src={`https://mc.yandex.ru/watch/${id}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
      </noscript>
    </>
  );
}

import type { StaticImageData } from 'next/image';
import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import type { PICTURE_NAMES } from '@/pictures/draw.mjs';
import type { Locale } from '@/site/locales.mjs';
import explodedEn from '@/pictures/exploded.en.svg';
import explodedRu from '@/pictures/exploded.ru.svg';
import inquiryEn from '@/pictures/inquiry.en.svg';
import inquiryRu from '@/pictures/inquiry.ru.svg';
import machineEn from '@/pictures/machine.en.svg';
import machineRu from '@/pictures/machine.ru.svg';
import manualEn from '@/pictures/manual.en.svg';
import manualRu from '@/pictures/manual.ru.svg';
import motoEn from '@/pictures/moto.en.svg';
import motoRu from '@/pictures/moto.ru.svg';
import tractorEn from '@/pictures/tractor.en.svg';
import tractorRu from '@/pictures/tractor.ru.svg';
import vinEn from '@/pictures/vin.en.svg';
import vinRu from '@/pictures/vin.ru.svg';

/** The product's pictures (src/pictures/draw.mjs), one file per language: the build hashes their URLs. */
const FILES: Record<PictureName, Record<Locale, StaticImageData>> = {
  exploded: { ru: explodedRu, en: explodedEn },
  vin: { ru: vinRu, en: vinEn },
  manual: { ru: manualRu, en: manualEn },
  machine: { ru: machineRu, en: machineEn },
  moto: { ru: motoRu, en: motoEn },
  tractor: { ru: tractorRu, en: tractorEn },
  inquiry: { ru: inquiryRu, en: inquiryEn },
};

export type PictureName = (typeof PICTURE_NAMES)[number];

/**
 * A picture of the product with its caption, as a plain <img>: its width and height reserve its
 * box (nothing moves when it arrives), it loads when it nears the screen (`loading="lazy"`), and it
 * is decoded off the main thread. Its alternative text says what it shows, in the page's language.
 * A picture below the first screen is `deferred`: where scripts run it loads only as it comes
 * within 1,250 px of the screen (src/enhancer/pictures.mjs), its box reserved until then at the
 * file's ratio (`--picture-ratio`, read by src/app/globals.css).
 */
export async function ProductPicture({ locale, name, className, deferred = false }: { locale: Locale; name: PictureName; className?: string; deferred?: boolean }) {
  const t = await getTranslations({ locale, namespace: 'Pictures' });
  const file = FILES[name][locale];
  return (
    <figure className={className} data-defer={deferred ? '' : undefined} style={deferred ? ({ '--picture-ratio': `${file.width} / ${file.height}` } as CSSProperties) : undefined}>
      {/* eslint-disable-next-line @next/next/no-img-element -- an SVG of a few KB: nothing for the optimizer to do */}
      <img src={file.src} width={file.width} height={file.height} alt={t(`${name}.alt`)} loading="lazy" decoding="async" className="h-auto w-full rounded-2xl shadow-lg" />
      <figcaption className="mt-3 text-sm text-muted">{t(`${name}.caption`)}</figcaption>
    </figure>
  );
}

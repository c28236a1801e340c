'use client';

import { useEffect, useState } from 'react';
import { paymentQrDrawing, type QrDrawing } from '@/lib/billing/qr-drawing';

const SIZE = 'size-48 shrink-0 sm:size-56';

/**
 * The payment QR code (GOST R 56042-2014) of `text`, the `ST00012|…` string the server made from
 * the invoice, drawn as SVG in the browser. Its room is kept while the encoder loads.
 */
export function PaymentQr({ text, label }: { text: string; label: string }) {
  const [drawing, setDrawing] = useState<QrDrawing>();
  useEffect(() => {
    let live = true;
    paymentQrDrawing(text).then(
      (drawn) => live && setDrawing(drawn),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawing) return <div aria-hidden="true" className={SIZE} />;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${drawing.size} ${drawing.size}`} shapeRendering="crispEdges" className={`${SIZE} rounded-md bg-white ring-1 ring-slate-200`}>
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}

import { phoneFormatsRoute } from '@/server/phone/formats';

/** The grouping of a country's phone numbers (`/api/phone/formats/{country}`), for the phone field. */
export async function GET(_request: Request, { params }: { params: Promise<{ country: string }> }) {
  return phoneFormatsRoute((await params).country);
}

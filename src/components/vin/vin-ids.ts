/** The answer of the VIN check, where its forms land without scripts (`/vehicle?vin=…#vin-answer`). */
export const VIN_ANSWER_ID = 'vin-answer';

/** The answer's headline: brought into view as the verdict appears, and focused after «Проверить». */
export const VIN_VERDICT_ID = 'vin-verdict';

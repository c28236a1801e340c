import { enhanceEarly } from './enhance.mjs';
import { loadLate } from './late-loader.mjs';
import { enhanceConsent } from './metrica-consent.mjs';

/**
 * The enhancer as a pre-rendered page carries it inline (src/build/lazy-boot.mjs bundles it): the
 * early part, then the loader of the late part (late.mjs). `EPC_METRICA_ID` (the counter, 0: none)
 * and `EPC_LATE` (the late part's address) are replaced by their values at build; without a
 * counter the consent part (metrica-consent.mjs) is left out of the bundle (docs/decisions/020).
 */
const goals = enhanceEarly({ metricaId: EPC_METRICA_ID }, EPC_METRICA_ID > 0 ? enhanceConsent : undefined);
if (goals) loadLate(EPC_LATE, goals);

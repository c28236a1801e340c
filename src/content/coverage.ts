/**
 * The makes each catalogue covers, as its page lists them («Марки в каталоге»), in the order shown.
 * Edit here: a make added or dropped is one line, no component changes. A name is written as the
 * make writes it; one that Russian readers know by a Russian name gives both (`{ ru, en }`). The
 * list's search finds a make in either alphabet and by its aliases (src/content/make-aliases.ts).
 */
type CoveredMake = string | { readonly ru: string; readonly en: string };

export const catalogueCoverage = {
  epc: [
    'Acura', 'Alfa Romeo', 'Audi', 'BMW', 'Cadillac', 'Chery', 'Chevrolet', 'Chrysler', 'Citroën', 'Dacia', 'Dodge', 'Fiat', 'Ford',
    'Geely', 'Haval', 'Honda', 'Hyundai', 'Infiniti', 'Isuzu', 'Jaguar', 'Jeep', 'Kia', 'Lada', 'Land Rover', 'Lexus', 'Mazda',
    'Mercedes-Benz', 'MINI', 'Mitsubishi', 'Nissan', 'Opel', 'Peugeot', 'Porsche', 'Renault', 'SEAT', 'Škoda', 'smart', 'SsangYong',
    'Subaru', 'Suzuki', 'Toyota', 'UAZ', 'Volkswagen', 'Volvo',
  ],
  vag: ['Volkswagen', 'Volkswagen Commercial Vehicles', 'Audi', 'Škoda', 'SEAT', 'Cupra', 'Porsche', 'Bentley', 'Lamborghini'],
  spec: [
    'Caterpillar', 'Komatsu', 'JCB', 'Hitachi', 'Volvo CE', 'Liebherr', 'Doosan', 'Hyundai CE', 'Case', 'Bobcat', 'Terex',
    'KAMAZ', 'MAN', 'Scania', 'Volvo Trucks', 'DAF', 'Iveco', 'Mercedes-Benz Trucks', 'Renault Trucks',
  ],
  moto: [
    'Honda', 'Yamaha', 'Kawasaki', 'Suzuki', 'BMW Motorrad', 'KTM', 'Ducati', 'Harley-Davidson', 'Triumph', 'Aprilia',
    'Husqvarna', 'Moto Guzzi', 'Royal Enfield', 'Piaggio', 'Vespa', 'CFMOTO',
  ],
  apk: [
    'John Deere', 'CLAAS', 'New Holland', 'Case IH', { ru: 'Ростсельмаш', en: 'Rostselmash' }, 'Kubota', 'Fendt', 'Massey Ferguson',
    'Deutz-Fahr', 'Valtra', { ru: 'Кировец', en: 'Kirovets' }, { ru: 'МТЗ (Беларус)', en: 'MTZ (Belarus)' }, 'Amazone', 'Lemken',
  ],
} as const satisfies Record<string, readonly CoveredMake[]>;

/** The product pages that list the makes they cover. */
export type CoveredCatalogue = keyof typeof catalogueCoverage;

export const isCoveredCatalogue = (page: string): page is CoveredCatalogue => Object.hasOwn(catalogueCoverage, page);

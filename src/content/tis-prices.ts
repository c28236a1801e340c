/** One row of the TIS price list: monthly access to a manufacturer's service information. */
export interface TisPriceRow {
  brand: string;
  /** Another name the brand is known by (shown under the UAZ row). */
  altName?: string;
  edition: { kind: 'offline'; year: number } | { kind: 'dealer-online' };
  languages: ReadonlyArray<'RU' | 'EN'>;
  rubPerMonth: number;
  eurPerMonth: number;
}

/** The list in force. VAG's dealer portal is the dearest line. */
export const currentTisPrices: readonly TisPriceRow[] = [
  { brand: 'VAG (Volkswagen, Audi, Škoda, SEAT)', edition: { kind: 'dealer-online' }, languages: ['RU', 'EN'], rubPerMonth: 19000, eurPerMonth: 200 },
  { brand: 'BMW / MINI', edition: { kind: 'dealer-online' }, languages: ['RU', 'EN'], rubPerMonth: 5000, eurPerMonth: 30 },
  { brand: 'Mercedes-Benz', edition: { kind: 'offline', year: 2026 }, languages: ['RU', 'EN'], rubPerMonth: 3000, eurPerMonth: 30 },
  { brand: 'Toyota / Lexus', edition: { kind: 'dealer-online' }, languages: ['RU', 'EN'], rubPerMonth: 3000, eurPerMonth: 30 },
  { brand: 'Hyundai / Kia', edition: { kind: 'dealer-online' }, languages: ['RU', 'EN'], rubPerMonth: 2000, eurPerMonth: 25 },
  { brand: 'Nissan / Infiniti', edition: { kind: 'offline', year: 2025 }, languages: ['RU', 'EN'], rubPerMonth: 2000, eurPerMonth: 25 },
  { brand: 'Volvo', edition: { kind: 'offline', year: 2025 }, languages: ['RU', 'EN'], rubPerMonth: 1500, eurPerMonth: 20 },
  { brand: 'Ford', edition: { kind: 'offline', year: 2024 }, languages: ['RU', 'EN'], rubPerMonth: 1500, eurPerMonth: 20 },
  { brand: 'Renault / Dacia', edition: { kind: 'offline', year: 2025 }, languages: ['RU', 'EN'], rubPerMonth: 1500, eurPerMonth: 20 },
  { brand: 'Mitsubishi', edition: { kind: 'offline', year: 2024 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Mazda', edition: { kind: 'offline', year: 2024 }, languages: ['EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Opel / Chevrolet', edition: { kind: 'offline', year: 2023 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Lada', edition: { kind: 'offline', year: 2025 }, languages: ['RU'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'UAZ', altName: 'УАЗ (Ульяновский автомобильный завод)', edition: { kind: 'offline', year: 2025 }, languages: ['RU'], rubPerMonth: 1000, eurPerMonth: 20 },
];

/** The previous list, kept for customers whose contracts still refer to it. */
export const previousTisPrices: readonly TisPriceRow[] = [
  { brand: 'VAG (Volkswagen, Audi, Škoda, SEAT)', edition: { kind: 'offline', year: 2022 }, languages: ['RU', 'EN'], rubPerMonth: 5000, eurPerMonth: 100 },
  { brand: 'BMW / MINI', edition: { kind: 'offline', year: 2022 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Mercedes-Benz', edition: { kind: 'offline', year: 2021 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Toyota / Lexus', edition: { kind: 'offline', year: 2022 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Hyundai / Kia', edition: { kind: 'offline', year: 2022 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Nissan / Infiniti', edition: { kind: 'offline', year: 2021 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Ford', edition: { kind: 'offline', year: 2021 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Renault / Dacia', edition: { kind: 'offline', year: 2021 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'Mitsubishi', edition: { kind: 'offline', year: 2021 }, languages: ['RU', 'EN'], rubPerMonth: 1000, eurPerMonth: 20 },
  { brand: 'UAZ', altName: 'УАЗ (Ульяновский автомобильный завод)', edition: { kind: 'offline', year: 2021 }, languages: ['RU'], rubPerMonth: 1000, eurPerMonth: 20 },
];

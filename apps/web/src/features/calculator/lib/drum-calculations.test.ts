import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateCapacity,
  calculateRemaining,
  chooseDrum,
  fromMetres,
  fromMillimetres,
  minimumBendingFactor,
  toMetres,
  toMillimetres,
  validateCapacity,
  validateDrumChoice,
  validateRemaining,
  type CapacityFields,
  type StandardDrum,
} from './drum-calculations';

// The first eight standard drums of the server's catalogue seed (mm, kg).
const drums: StandardDrum[] = [
  {
    code: 'T08',
    flangeDiameterMm: 800,
    barrelDiameterMm: 400,
    innerWidthMm: 450,
    tareKg: 35,
    maxLoadKg: 750,
  },
  {
    code: 'T10',
    flangeDiameterMm: 1000,
    barrelDiameterMm: 500,
    innerWidthMm: 550,
    tareKg: 60,
    maxLoadKg: 1200,
  },
  {
    code: 'T11',
    flangeDiameterMm: 1100,
    barrelDiameterMm: 560,
    innerWidthMm: 600,
    tareKg: 75,
    maxLoadKg: 1500,
  },
  {
    code: 'T12',
    flangeDiameterMm: 1250,
    barrelDiameterMm: 630,
    innerWidthMm: 650,
    tareKg: 110,
    maxLoadKg: 2000,
  },
  {
    code: 'T14',
    flangeDiameterMm: 1400,
    barrelDiameterMm: 710,
    innerWidthMm: 750,
    tareKg: 150,
    maxLoadKg: 2800,
  },
  {
    code: 'T16',
    flangeDiameterMm: 1600,
    barrelDiameterMm: 800,
    innerWidthMm: 850,
    tareKg: 210,
    maxLoadKg: 3800,
  },
  {
    code: 'T20',
    flangeDiameterMm: 2000,
    barrelDiameterMm: 1120,
    innerWidthMm: 1050,
    tareKg: 400,
    maxLoadKg: 6500,
  },
  {
    code: 'T22',
    flangeDiameterMm: 2200,
    barrelDiameterMm: 1250,
    innerWidthMm: 1150,
    tareKg: 520,
    maxLoadKg: 8000,
  },
];

const example1 = {
  drum: { flangeDiameter: 1000, barrelDiameter: 500, innerWidth: 500 },
  cable: { diameter: 20 },
  freeboard: 50,
  efficiency: 0.8,
};

describe('capacity, worked by hand', () => {
  it('A 1000, B 500, T 500, d 20, f 50 → H 200 mm, 549.8 m, 439.8 m at 0.8', () => {
    // H = (1000 − 500)/2 − 50 = 200 mm
    // L = π·200·(200 + 500)·500 / (1000·20²) = π·70 000 000 / 400 000 = 175π ≈ 549.78 m
    // practical = 0.8 × 549.78 ≈ 439.82 m; layers ⌊200/20⌋ = 10; turns ⌊500/20⌋ = 25
    const result = calculateCapacity(example1, 'metric');
    expect(result.windingDepth).toBe(200);
    expect(result.theoreticalLength).toBeCloseTo(175 * Math.PI, 9);
    expect(result.theoreticalLength).toBeCloseTo(549.8, 1);
    expect(result.practicalLength).toBeCloseTo(439.8, 1);
    expect(result.layers).toBe(10);
    expect(result.turnsPerLayer).toBe(25);
    expect(result.grossWeightKg).toBeUndefined();
  });

  it('drum T16 with U-1000 R2V 4G35 (d 26.5 mm, 2150 kg/km), f 50, tare 210 kg', () => {
    // H = (1600 − 800)/2 − 50 = 350 mm
    // L = π·350·1150·850 / (1000·26.5²) = π·342 125 000 / 702 250 ≈ π·487.18 ≈ 1530.53 m
    // practical = 0.8 × 1530.53 ≈ 1224.43 m
    // gross = 1224.43/1000 × 2150 + 210 ≈ 2632.52 + 210 ≈ 2842.52 kg
    // layers ⌊350/26.5⌋ = ⌊13.2⌋ = 13; turns ⌊850/26.5⌋ = ⌊32.08⌋ = 32
    const result = calculateCapacity(
      {
        drum: { flangeDiameter: 1600, barrelDiameter: 800, innerWidth: 850 },
        cable: { diameter: 26.5, weightKgPerKm: 2150 },
        freeboard: 50,
        efficiency: 0.8,
        tareKg: 210,
      },
      'metric',
    );
    expect(result.windingDepth).toBe(350);
    expect(result.theoreticalLength).toBeCloseTo(1530.53, 2);
    expect(result.practicalLength).toBeCloseTo(1224.43, 2);
    expect(result.grossWeightKg).toBeCloseTo(2842.52, 2);
    expect(result.layers).toBe(13);
    expect(result.turnsPerLayer).toBe(32);
  });

  it('takes the efficiency as given: 1 gives the theoretical length', () => {
    const result = calculateCapacity({ ...example1, efficiency: 1 }, 'metric');
    expect(result.practicalLength).toBe(result.theoreticalLength);
  });

  it('in imperial: A 40 in, B 20 in, T 20 in, d 0.8 in, f 2 in → H 8 in, ≈ 1832.6 ft', () => {
    // H = (40 − 20)/2 − 2 = 8 in. With inches in, the metres formula becomes
    // L(m) = 0.0254·π·H(H + B)T/(1000·d²)·1000 and L(ft) = L(m)/0.3048 = π·H(H + B)T/(12·d²)
    //      = π·8·28·20/(12·0.64) = π·4480/7.68 ≈ π·583.33 ≈ 1832.60 ft; practical ≈ 1466.08 ft
    const result = calculateCapacity(
      {
        drum: { flangeDiameter: 40, barrelDiameter: 20, innerWidth: 20 },
        cable: { diameter: 0.8 },
        freeboard: 2,
        efficiency: 0.8,
      },
      'imperial',
    );
    expect(result.windingDepth).toBeCloseTo(8, 12);
    expect(result.theoreticalLength).toBeCloseTo(1832.6, 1);
    expect(result.practicalLength).toBeCloseTo(1466.08, 2);
    expect(result.layers).toBe(10);
    expect(result.turnsPerLayer).toBe(25);
  });
});

describe('remaining length, worked by hand', () => {
  it('example 1 drum with h 150 mm → H′ 100 mm, ≈ 235.6 m, ≈ 188.5 m at 0.8', () => {
    // H′ = (1000 − 500)/2 − 150 = 100 mm
    // L = π·100·600·500 / (1000·400) = 75π ≈ 235.62 m; × 0.8 ≈ 188.50 m
    const result = calculateRemaining(
      {
        drum: example1.drum,
        cable: { diameter: 20, weightKgPerKm: 1000 },
        freeHeight: 150,
        efficiency: 0.8,
        tareKg: 60,
      },
      'metric',
    );
    expect(result.windingDepth).toBe(100);
    expect(result.theoreticalLength).toBeCloseTo(75 * Math.PI, 9);
    expect(result.practicalLength).toBeCloseTo(188.5, 1);
    // 188.50 m × 1000 kg/km + 60 kg ≈ 248.50 kg
    expect(result.grossWeightKg).toBeCloseTo(248.5, 1);
  });

  it('h equal to the flange height leaves nothing; h 0 is a drum wound to the rim', () => {
    const empty = calculateRemaining({ ...example1, freeHeight: 250 }, 'metric');
    expect(empty.theoreticalLength).toBe(0);
    expect(empty.layers).toBe(0);
    const full = calculateRemaining({ ...example1, freeHeight: 0 }, 'metric');
    // H′ = 250: π·250·750·500/400 000 = 234.375π ≈ 736.3 m
    expect(full.theoreticalLength).toBeCloseTo(234.375 * Math.PI, 9);
  });

  it('with h = f the remaining length is the capacity', () => {
    const remaining = calculateRemaining({ ...example1, freeHeight: 50 }, 'metric');
    expect(remaining).toEqual(calculateCapacity(example1, 'metric'));
  });
});

describe('units', () => {
  it('converts exactly: 1 in = 25.4 mm, 1 ft = 0.3048 m', () => {
    expect(toMillimetres(1, 'imperial')).toBe(25.4);
    expect(fromMillimetres(254, 'imperial')).toBe(10);
    expect(toMetres(1, 'imperial')).toBe(0.3048);
    expect(fromMetres(3.048, 'imperial')).toBeCloseTo(10, 12);
    expect(toMillimetres(123.4, 'metric')).toBe(123.4);
    expect(fromMetres(56.7, 'metric')).toBe(56.7);
  });

  it('round-trips any value through the other system', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), (value) => {
        expect(fromMillimetres(toMillimetres(value, 'imperial'), 'imperial')).toBeCloseTo(value, 6);
        expect(toMillimetres(fromMillimetres(value, 'imperial'), 'imperial')).toBeCloseTo(value, 6);
        expect(fromMetres(toMetres(value, 'imperial'), 'imperial')).toBeCloseTo(value, 6);
      }),
    );
  });

  it('gives the same physical answer in both systems', () => {
    // The example 1 drum typed in inches gives example 1's metres, expressed in feet.
    const metric = calculateCapacity(example1, 'metric');
    const inches = (mm: number) => mm / 25.4;
    const imperial = calculateCapacity(
      {
        drum: {
          flangeDiameter: inches(1000),
          barrelDiameter: inches(500),
          innerWidth: inches(500),
        },
        cable: { diameter: inches(20) },
        freeboard: inches(50),
        efficiency: 0.8,
      },
      'imperial',
    );
    expect(imperial.windingDepth * 25.4).toBeCloseTo(200, 9);
    expect(imperial.theoreticalLength * 0.3048).toBeCloseTo(metric.theoreticalLength, 9);
    expect(imperial.practicalLength).toBeCloseTo(439.82297 / 0.3048, 3);
    expect(imperial.layers).toBe(metric.layers);
    expect(imperial.turnsPerLayer).toBe(metric.turnsPerLayer);
  });
});

describe('validation', () => {
  const valid: CapacityFields = {
    flangeDiameter: 1000,
    barrelDiameter: 500,
    innerWidth: 500,
    cableDiameter: 20,
    freeboard: 50,
    efficiency: 0.8,
  };

  it('accepts a valid capacity input', () => {
    expect(validateCapacity(valid)).toEqual({});
  });

  it.each([
    ['flangeDiameter', null, 'required'],
    ['flangeDiameter', 0, 'positive'],
    ['barrelDiameter', -5, 'positive'],
    ['innerWidth', 0, 'positive'],
    ['cableDiameter', null, 'required'],
    ['cableDiameter', -1, 'positive'],
    ['freeboard', -1, 'nonNegative'],
    ['efficiency', 0, 'efficiencyRange'],
    ['efficiency', 1.01, 'efficiencyRange'],
    ['efficiency', null, 'required'],
    ['weightKgPerKm', 0, 'positive'],
    ['tareKg', -1, 'nonNegative'],
  ] as const)('capacity: %s = %s → %s', (field, value, code) => {
    expect(validateCapacity({ ...valid, [field]: value })).toEqual({ [field]: code });
  });

  it('accepts efficiency 1, freeboard 0, and no weight or tare', () => {
    expect(
      validateCapacity({
        ...valid,
        efficiency: 1,
        freeboard: 0,
        weightKgPerKm: null,
        tareKg: null,
      }),
    ).toEqual({});
  });

  it('requires A > B + 2f', () => {
    // 500 + 2·250 = 1000: equal is not enough (no winding depth)
    expect(validateCapacity({ ...valid, freeboard: 250 })).toEqual({
      flangeDiameter: 'flangeTooSmall',
    });
    expect(validateCapacity({ ...valid, freeboard: 249 })).toEqual({});
    expect(validateCapacity({ ...valid, barrelDiameter: 1200 })).toEqual({
      flangeDiameter: 'flangeTooSmall',
    });
  });

  it('remaining: h within the flange, 0 ≤ h ≤ (A − B)/2', () => {
    const remaining = { ...valid, freeHeight: 100 };
    expect(validateRemaining(remaining)).toEqual({});
    expect(validateRemaining({ ...remaining, freeHeight: 0 })).toEqual({});
    expect(validateRemaining({ ...remaining, freeHeight: 250 })).toEqual({});
    expect(validateRemaining({ ...remaining, freeHeight: 250.5 })).toEqual({
      freeHeight: 'heightOutsideFlange',
    });
    expect(validateRemaining({ ...remaining, freeHeight: -1 })).toEqual({
      freeHeight: 'nonNegative',
    });
    expect(validateRemaining({ ...remaining, freeHeight: null })).toEqual({
      freeHeight: 'required',
    });
    expect(validateRemaining({ ...remaining, barrelDiameter: 1000 })).toEqual({
      flangeDiameter: 'flangeNotAboveBarrel',
    });
    expect(validateRemaining({ ...remaining, efficiency: 2 })).toEqual({
      efficiency: 'efficiencyRange',
    });
  });

  it('drum choice: length, d, f, efficiency and voltage', () => {
    const choice = {
      length: 500,
      cableDiameter: 26.5,
      freeboard: 50,
      efficiency: 0.8,
      voltageKv: 1,
    };
    expect(validateDrumChoice(choice)).toEqual({});
    expect(validateDrumChoice({ ...choice, length: 0, voltageKv: null, efficiency: -0.5 })).toEqual(
      {
        length: 'positive',
        voltageKv: 'required',
        efficiency: 'efficiencyRange',
      },
    );
  });
});

describe('drum for a length', () => {
  const cable = { diameter: 26.5, weightKgPerKm: 2150, voltageKv: 1, tapeShielded: false };

  it('500 m of U-1000 R2V 4G35 → T12, rejecting T08 (capacity, weight), T10 and T11 (capacity)', () => {
    // k = 10 (1 kV) → B ≥ 265 mm: every drum passes the barrel rule.
    // T08: H = 200 − 50 = 150; L = π·150·550·450/702 250 ≈ 166.1 m; ×0.8 ≈ 132.9 m < 500
    //      weight 0.5 × 2150 + 35 = 1110 kg > 750 kg
    // T10: H = 200; L = π·200·700·550/702 250 ≈ 344.5 m; ×0.8 ≈ 275.6 m < 500
    // T11: H = 220; L = π·220·780·600/702 250 ≈ 460.6 m; ×0.8 ≈ 368.5 m < 500
    // T12: H = 260; L = π·260·890·650/702 250 ≈ 672.9 m; ×0.8 ≈ 538.3 m ≥ 500;
    //      weight 1075 + 110 = 1185 kg ≤ 2000 kg → chosen
    const result = chooseDrum(
      { length: 500, cable, freeboard: 50, efficiency: 0.8 },
      drums,
      'metric',
    );
    expect(result.bendingFactor).toBe(10);
    expect(result.chosen?.drum.code).toBe('T12');
    expect(result.chosen?.practicalCapacity).toBeCloseTo(538.3, 1);
    expect(result.chosen?.grossWeightKg).toBeCloseTo(1185, 9);
    expect(result.rejected.map((r) => [r.drum.code, r.reasons])).toEqual([
      ['T08', ['capacityTooSmall', 'overweight']],
      ['T10', ['capacityTooSmall']],
      ['T11', ['capacityTooSmall']],
    ]);
    expect(result.rejected[0]?.practicalCapacity).toBeCloseTo(132.9, 1);
  });

  it('considers the drums smallest first whatever their order', () => {
    const shuffled = [...drums].reverse();
    const result = chooseDrum(
      { length: 500, cable, freeboard: 50, efficiency: 0.8 },
      shuffled,
      'metric',
    );
    expect(result.chosen?.drum.code).toBe('T12');
  });

  it('tape-shielded MV cable needs B ≥ 14·d: 250 m of 3x1x240 (d 83.5) → T22', () => {
    // k = 14 → B ≥ 1169 mm: T08 … T20 (B ≤ 1120) are rejected for the barrel.
    // T22: H = (2200 − 1250)/2 − 50 = 425; L = π·425·1675·1150/(1000·6972.25) ≈ 368.9 m;
    //      ×0.8 ≈ 295.1 m ≥ 250; weight 0.25 × 5200 + 520 = 1820 kg ≤ 8000 kg
    const hta = { diameter: 83.5, weightKgPerKm: 5200, voltageKv: 20, tapeShielded: true };
    const result = chooseDrum(
      { length: 250, cable: hta, freeboard: 50, efficiency: 0.8 },
      drums,
      'metric',
    );
    expect(result.bendingFactor).toBe(14);
    expect(result.chosen?.drum.code).toBe('T22');
    expect(result.chosen?.practicalCapacity).toBeCloseTo(295.1, 1);
    expect(result.rejected.every((r) => r.reasons.includes('barrelTooSmall'))).toBe(true);
    expect(result.rejected.map((r) => r.drum.code)).toEqual([
      'T08',
      'T10',
      'T11',
      'T12',
      'T14',
      'T16',
      'T20',
    ]);
    // 300 m no longer fits T22 (295.1 m): no drum of this list holds it.
    const tooLong = chooseDrum(
      { length: 300, cable: hta, freeboard: 50, efficiency: 0.8 },
      drums,
      'metric',
    );
    expect(tooLong.chosen).toBeUndefined();
    expect(tooLong.rejected).toHaveLength(drums.length);
  });

  it('k is 10 up to 2 kV, 12 above, 14 tape-shielded', () => {
    expect(minimumBendingFactor(1, false)).toBe(10);
    expect(minimumBendingFactor(2, false)).toBe(10);
    expect(minimumBendingFactor(2.1, false)).toBe(12);
    expect(minimumBendingFactor(1, true)).toBe(14);
    // d 50 mm: at 1 kV B ≥ 500 rejects only T08 (B 400); at 20 kV B ≥ 600 also T10 (500), T11 (560)
    const short = (voltageKv: number) =>
      chooseDrum(
        {
          length: 1,
          cable: { diameter: 50, voltageKv, tapeShielded: false },
          freeboard: 50,
          efficiency: 0.8,
        },
        drums,
        'metric',
      );
    expect(short(1).chosen?.drum.code).toBe('T10');
    expect(short(20).chosen?.drum.code).toBe('T12');
    expect(short(20).rejected.map((r) => r.drum.code)).toEqual(['T08', 'T10', 'T11']);
  });

  it('works in imperial: lengths in ft, the minimum barrel in inches', () => {
    // 500 m = 1640.42 ft, d 26.5 mm = 1.04331 in: the same choice as in metric.
    const result = chooseDrum(
      {
        length: 500 / 0.3048,
        cable: { ...cable, diameter: 26.5 / 25.4 },
        freeboard: 50 / 25.4,
        efficiency: 0.8,
      },
      drums,
      'imperial',
    );
    expect(result.chosen?.drum.code).toBe('T12');
    expect(result.chosen?.practicalCapacity).toBeCloseTo(538.3 / 0.3048, 0);
    expect(result.chosen?.minimumBarrel).toBeCloseTo(265 / 25.4, 9);
  });
});

describe('properties', () => {
  const geometry = fc
    .record({
      barrel: fc.double({ min: 100, max: 2000, noNaN: true }),
      depth: fc.double({ min: 10, max: 1000, noNaN: true }),
      width: fc.double({ min: 100, max: 2000, noNaN: true }),
      d: fc.double({ min: 2, max: 100, noNaN: true }),
      f: fc.double({ min: 0, max: 100, noNaN: true }),
      efficiency: fc.double({ min: 0.1, max: 1, noNaN: true }),
    })
    .map(({ barrel, depth, width, d, f, efficiency }) => ({
      drum: { flangeDiameter: barrel + 2 * (depth + f), barrelDiameter: barrel, innerWidth: width },
      cable: { diameter: d },
      freeboard: f,
      efficiency,
    }));
  const growth = fc.double({ min: 1, max: 500, noNaN: true });

  it('capacity grows with A', () => {
    fc.assert(
      fc.property(geometry, growth, (input, more) => {
        const bigger = {
          ...input,
          drum: { ...input.drum, flangeDiameter: input.drum.flangeDiameter + more },
        };
        expect(calculateCapacity(bigger, 'metric').practicalLength).toBeGreaterThan(
          calculateCapacity(input, 'metric').practicalLength,
        );
      }),
    );
  });

  it('capacity grows with T', () => {
    fc.assert(
      fc.property(geometry, growth, (input, more) => {
        const wider = {
          ...input,
          drum: { ...input.drum, innerWidth: input.drum.innerWidth + more },
        };
        expect(calculateCapacity(wider, 'metric').practicalLength).toBeGreaterThan(
          calculateCapacity(input, 'metric').practicalLength,
        );
      }),
    );
  });

  it('capacity shrinks with d', () => {
    fc.assert(
      fc.property(geometry, growth, (input, more) => {
        const thicker = { ...input, cable: { diameter: input.cable.diameter + more / 10 } };
        expect(calculateCapacity(thicker, 'metric').practicalLength).toBeLessThan(
          calculateCapacity(input, 'metric').practicalLength,
        );
      }),
    );
  });

  it('the remaining length never exceeds the capacity (h ≥ f), in both systems', () => {
    fc.assert(
      fc.property(
        geometry,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('metric' as const, 'imperial' as const),
        (input, fraction, system) => {
          const flangeHeight = (input.drum.flangeDiameter - input.drum.barrelDiameter) / 2;
          const freeHeight = input.freeboard + fraction * (flangeHeight - input.freeboard);
          const remaining = calculateRemaining({ ...input, freeHeight }, system);
          const capacity = calculateCapacity(input, system);
          expect(remaining.practicalLength).toBeLessThanOrEqual(
            capacity.practicalLength * (1 + 1e-12),
          );
          expect(remaining.practicalLength).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('the chosen drum always holds the length and passes every rule', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 3000, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        fc.double({ min: 50, max: 3000, noNaN: true }),
        (length, d, weight) => {
          const result = chooseDrum(
            {
              length,
              cable: { diameter: d, weightKgPerKm: weight, voltageKv: 1, tapeShielded: false },
              freeboard: 50,
              efficiency: 0.8,
            },
            drums,
            'metric',
          );
          if (!result.chosen) return;
          expect(result.chosen.practicalCapacity).toBeGreaterThanOrEqual(length);
          expect(result.chosen.drum.barrelDiameterMm).toBeGreaterThanOrEqual(10 * d);
          expect(result.chosen.grossWeightKg ?? 0).toBeLessThanOrEqual(
            result.chosen.drum.maxLoadKg,
          );
          // Every smaller drum was rejected.
          const smaller = drums.filter(
            (drum) => drum.flangeDiameterMm < result.chosen!.drum.flangeDiameterMm,
          );
          expect(result.rejected.slice(0, smaller.length).map((r) => r.drum.code)).toEqual(
            smaller.map((drum) => drum.code),
          );
        },
      ),
    );
  });
});

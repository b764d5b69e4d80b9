import type { CrackersSeason } from '../../engine/crackersSeason.ts';
import { CRACKERS_SEASON_STREAM, crackersSeasonDecider, indiaDate } from '../../engine/crackersSeason.ts';
import { crackersSeason } from '../../projections/crackersSeason.ts';
import type { Deps } from '../../api/deps.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Cracker } from '../../engine/crackersCatalogue.ts';
import { CRACKERS_CATALOGUE_STREAM, crackersCatalogueDecider } from '../../engine/crackersCatalogue.ts';

export interface SeedCracker extends Cracker {
  /** Colour of the drawing (scripts/seed/catalogueImages.ts). */
  colour: string;
}

/** name, category, price ₹, strike-off ₹, unit, particulars, colour */
const data: [string, string, number, number, string, string, string][] = [
  ['7 cm Electric Sparklers', 'Sparklers', 40, 200, 'Box', '10 pcs', 'Yellow'],
  ['10 cm Electric Sparklers', 'Sparklers', 60, 300, 'Box', '10 pcs', 'Yellow'],
  ['10 cm Colour Sparklers', 'Sparklers', 70, 350, 'Box', '10 pcs, red and green', 'Green'],
  ['12 cm Green Sparklers', 'Sparklers', 90, 450, 'Box', '10 pcs', 'Green'],
  ['15 cm Red Sparklers', 'Sparklers', 120, 600, 'Box', '10 pcs', 'Red'],
  ['30 cm Electric Sparklers', 'Sparklers', 260, 1300, 'Box', '5 pcs', 'Orange'],
  ['50 cm Rotating Sparklers', 'Sparklers', 420, 2100, 'Box', '5 pcs', 'Purple'],
  ['Flower Pots Small', 'Flower Pots', 180, 900, 'Box', '10 pcs', 'Red'],
  ['Flower Pots Big', 'Flower Pots', 260, 1300, 'Box', '10 pcs', 'Orange'],
  ['Flower Pots Special', 'Flower Pots', 380, 1900, 'Box', '10 pcs, colour sparks', 'Pink'],
  ['Flower Pots Deluxe', 'Flower Pots', 520, 2600, 'Box', '5 pcs, 2-minute fountain', 'Gold'],
  ['Colour Koti', 'Flower Pots', 640, 3200, 'Box', '5 pcs, multi-colour fountain', 'Teal'],
  ['Ground Chakkar Big', 'Ground Chakkars', 160, 800, 'Box', '10 pcs', 'Blue'],
  ['Ground Chakkar Special', 'Ground Chakkars', 240, 1200, 'Box', '10 pcs, colour change', 'Green'],
  ['Ground Chakkar Deluxe', 'Ground Chakkars', 360, 1800, 'Box', '10 pcs, long spin', 'Purple'],
  ['Wire Chakkar', 'Ground Chakkars', 220, 1100, 'Box', '5 pcs, on a wire', 'Orange'],
  ['Baby Rocket', 'Rockets', 140, 700, 'Box', '10 pcs', 'Red'],
  ['Colour Rocket', 'Rockets', 280, 1400, 'Box', '10 pcs, colour burst', 'Blue'],
  ['Lunik Express Rocket', 'Rockets', 360, 1800, 'Box', '10 pcs, whistling', 'Purple'],
  ['Two Sound Rocket', 'Rockets', 420, 2100, 'Box', '10 pcs', 'Maroon'],
  ['Parachute Rocket', 'Rockets', 520, 2600, 'Box', '5 pcs, falls with a parachute', 'Teal'],
  ['Red Bijili', 'Bombs', 60, 300, 'Pkt', '100 pcs', 'Red'],
  ['Striped Bijili', 'Bombs', 80, 400, 'Pkt', '100 pcs', 'Orange'],
  ['Hydro Bomb', 'Bombs', 120, 600, 'Box', '10 pcs', 'Green'],
  ['King of Kings Bomb', 'Bombs', 200, 1000, 'Box', '10 pcs', 'Maroon'],
  ['Atom Bomb', 'Bombs', 160, 800, 'Box', '10 pcs', 'Grey'],
  ['1000 Wala Garland', 'Bombs', 520, 2600, 'Pcs', '1 garland, 1000 shots', 'Red'],
  ['5000 Wala Garland', 'Bombs', 2200, 11000, 'Pcs', '1 garland, 5000 shots', 'Red'],
  ['7 Shot Aerial', 'Aerial Shots', 180, 900, 'Pcs', '1 cake, 7 shots', 'Blue'],
  ['12 Shot Aerial', 'Aerial Shots', 320, 1600, 'Pcs', '1 cake, 12 shots', 'Purple'],
  ['30 Shot Multi Colour', 'Aerial Shots', 780, 3900, 'Pcs', '1 cake, 30 shots', 'Teal'],
  ['60 Shot Crackling', 'Aerial Shots', 1450, 7250, 'Pcs', '1 cake, 60 shots', 'Gold'],
  ['120 Shot Grand Finale', 'Aerial Shots', 2800, 14000, 'Pcs', '1 cake, 120 shots', 'Maroon'],
  ['Pencil Sparkle', 'Kids Special', 90, 450, 'Box', '10 pcs', 'Yellow'],
  ['Magic Snake Tablets', 'Kids Special', 40, 200, 'Box', '10 tablets', 'Green'],
  ['Colour Matches', 'Kids Special', 50, 250, 'Box', '10 boxes', 'Pink'],
  ['Twinkling Star', 'Kids Special', 70, 350, 'Box', '10 pcs', 'Purple'],
  ['Roll Cap Gun Set', 'Kids Special', 150, 750, 'Pcs', '1 gun with 10 rolls', 'Blue'],
  ['Family Gift Box', 'Gift Boxes', 1200, 6000, 'Box', '21 items', 'Red'],
  ['Deluxe Gift Box', 'Gift Boxes', 2000, 10000, 'Box', '30 items', 'Gold'],
  ['Kids Gift Box', 'Gift Boxes', 800, 4000, 'Box', '15 items, no sound crackers', 'Pink'],
  ['Premium Gift Box', 'Gift Boxes', 3500, 17500, 'Box', '45 items', 'Maroon'],
  ['Mini Gift Box', 'Gift Boxes', 500, 2500, 'Box', '10 items', 'Teal'],
  ['Diwali Combo Pack', 'Gift Boxes', 2600, 13000, 'Box', '35 items with sparklers and flower pots', 'Purple'],
];

/** The season's crackers: 44 items over 8 categories, each with a unit and particulars. Prices in paise. */
export const crackersCatalogue: SeedCracker[] = data.map(
  ([name, category, price, strikeOff, per, particulars, colour], i) => {
    const id = `k${String(i + 1).padStart(2, '0')}`;
    return {
      id,
      name,
      category,
      price: price * 100,
      strikeOff: strikeOff * 100,
      per,
      image_path: `/products/crackers/${id}.svg`,
      particulars,
      colour,
    };
  },
);

const DAY = 86_400_000;

/**
 * A demo season around the day the demo starts: opened a week ago, orders taken for four more
 * weeks, delivered within four days of the band they fall in.
 */
export const demoSeason = (now: number): CrackersSeason => ({
  opensOn: indiaDate(now - 7 * DAY),
  closesOn: indiaDate(now + 28 * DAY),
  bands: [
    { orderBy: indiaDate(now + 24 * DAY), deliverBy: indiaDate(now + 28 * DAY) },
    { orderBy: indiaDate(now + 28 * DAY), deliverBy: indiaDate(now + 32 * DAY) },
  ],
});

/** Lists every demo cracker and opens a demo season; running it again changes nothing. */
export const seedCrackers = async (deps: Deps): Promise<void> => {
  const now = deps.clock.now();
  if (!crackersSeason(deps.readDb)) {
    await handleCommand(
      deps.commands,
      CRACKERS_SEASON_STREAM,
      crackersSeasonDecider,
      { type: 'SetCrackersSeason', data: { ...demoSeason(now), by: 'system', now } },
      { actor: 'system', now, commandId: 'seed-crackers-season' },
    );
  }
  for (const { colour: _colour, ...cracker } of crackersCatalogue) {
    await handleCommand(
      deps.commands,
      CRACKERS_CATALOGUE_STREAM,
      crackersCatalogueDecider,
      { type: 'ListCracker', data: { cracker, now } },
      { actor: 'system', now, commandId: `seed-cracker-${cracker.id}` },
    );
  }
};

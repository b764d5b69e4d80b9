import type { Vars } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';

/**
 * The words a control is named by (`aria-labelledby={id}`) when its name holds data, e.g.
 * `t('Grant access to <name>{name}</name>')`: the data is marked translate="no", so a Tamil reader
 * hears the words in Tamil and the name as it is, and the Tamil check skips only the name.
 */
export const HiddenName = ({ id, text, vars }: { id: string; text: string; vars: Vars }) => (
  <span id={id} hidden>
    {tRich(text, { name: (words) => <span translate="no">{words}</span> }, vars)}
  </span>
);

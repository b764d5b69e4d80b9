import { Fragment, type ReactNode } from 'react';
import { t, type Vars } from './index.ts';

/**
 * A translated sentence with parts that are elements:
 * `tRich('Read the <rules>deal rules</rules> first.', { rules: (words) => <Link to="/about-deals">{words}</Link> })`.
 * The translator moves the tags with the words; `{name}` values fill as in `t`.
 */
export const tRich = (text: string, parts: Record<string, (words: string) => ReactNode>, vars?: Vars): ReactNode[] => {
  const translated = t(text, vars);
  const out: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  let key = 0;
  for (let match = tag.exec(translated); match; match = tag.exec(translated)) {
    if (match.index > last) out.push(translated.slice(last, match.index));
    const render = parts[match[1]!];
    out.push(<Fragment key={key++}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < translated.length) out.push(translated.slice(last));
  return out;
};

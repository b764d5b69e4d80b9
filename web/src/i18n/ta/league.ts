/** Tamil for the league area: English text (as written in `t('…')`) → Tamil. */
export const league: Record<string, string> = {};

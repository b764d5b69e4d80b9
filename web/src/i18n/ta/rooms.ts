/** Tamil for the rooms area: English text (as written in `t('…')`) → Tamil. */
export const rooms: Record<string, string> = {};

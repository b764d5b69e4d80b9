/** Tamil for the auth area: English text (as written in `t('…')`) → Tamil. */
export const auth: Record<string, string> = {};

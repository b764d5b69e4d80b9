/** Tamil for the server area: English text (as written in `t('…')`) → Tamil. */
export const server: Record<string, string> = {};

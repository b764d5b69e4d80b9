/** Tamil for the static pages area: English text (as written in `t('…')`) → Tamil. */
export const staticPages: Record<string, string> = {};

/** Tamil for the admin area: English text (as written in `t('…')`) → Tamil. */
export const admin: Record<string, string> = {};

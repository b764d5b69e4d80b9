/** Tamil for the audit area: English text (as written in `t('…')`) → Tamil. */
export const audit: Record<string, string> = {};

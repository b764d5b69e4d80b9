/** Tamil for the shell area: English text (as written in `t('…')`) → Tamil. */
export const shell: Record<string, string> = {};

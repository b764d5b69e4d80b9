/** The Tamil catalogue: English text → Tamil, one file per area of the app, and server error codes. */
import { admin } from './admin.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';
import { integrity } from './integrity.ts';
import { league } from './league.ts';
import { money } from './money.ts';
import { rooms } from './rooms.ts';
import { server } from './server.ts';
import { shell } from './shell.ts';
import { shop } from './shop.ts';
import { staticPages } from './static.ts';

export const catalogue = {
  texts: {
    ...common,
    ...shell,
    ...auth,
    ...staticPages,
    ...shop,
    ...money,
    ...rooms,
    ...league,
    ...audit,
    ...admin,
    ...integrity,
    ...server,
  },
  errors,
};

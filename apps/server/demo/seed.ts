// Creates the demo account once, through the product's own routes (sign-up, code, entities,
// connections), so the demo starts from data the product itself made.
import { API_PATHS, DEMO_SIGN_IN, type ApprovalMode, type NetworkId } from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/app-instance.js';
import { createContainer } from '../src/container.js';
import type { Db } from '../src/db/client.js';
import { loadConfig } from '../src/config.js';
import { socialConnections, users } from '../src/db/schema.js';
import type { Mailer } from '../src/integrations/mail.js';
import type {
  NetworkCredentials,
  TwitterKeyCredentials,
} from '../src/integrations/networks/types.js';
import { createLogger } from '../src/logger.js';
import { setTier } from '../src/modules/plans/index.js';
import { setAdmin } from '../src/modules/admin/index.js';
import { openInfra } from '../src/infra.js';
import { seedDemoLogs } from './seed-logs.js';

export const DEMO_ACCOUNT = {
  name: 'Dana Demo',
  email: DEMO_SIGN_IN.email,
  password: DEMO_SIGN_IN.password,
};

/** The demo's operator: signs in to the Admin panel (and has no entities of its own). */
export const DEMO_ADMIN = {
  name: 'Avery Admin',
  email: 'admin@cadence.local',
  password: 'admin-password',
};

/** A member of the demo account's workspace: writes and schedules posts, as an editor. */
export const DEMO_EDITOR = {
  name: 'Eli Editor',
  email: 'editor@cadence.local',
  password: 'editor-password',
};

const ENTITIES: SeedEntity[] = [
  {
    name: 'Harbor Coffee Roasters',
    website: 'https://harbor-coffee.example',
    industry: 'Hospitality',
    description:
      'Small-batch coffee roasted by the harbour every morning, sold in our café and shipped fresh to subscribers.',
    networks: ['twitter', 'facebook', 'instagram', 'linkedIn', 'bluesky', 'threads'],
  },
  {
    name: 'Northwind Bikes',
    website: 'https://northwind-bikes.example',
    industry: 'Retail',
    description:
      'A family bike shop: city and cargo bikes, repairs while you wait, weekend group rides.',
    // Its own account: the stand-in's second Facebook Page, named after it (demo/fakes.ts).
    // The other stand-ins hold one account each, which is Harbor Coffee Roasters'.
    networks: ['facebook'],
    facebookPageId: '2020',
  },
  {
    name: 'Lumen Studio',
    website: 'https://lumen-studio.example',
    industry: 'Professional Services',
    description:
      'A small design studio: brand identities, packaging and websites for independent makers.',
    // A client whose posts the team approves before they go out: the editor's post waits
    // in review (addDemoEditor).
    networks: ['facebook'],
    facebookPageId: '3030',
    approval: 'team',
  },
];

/** The editor's post in Lumen Studio, waiting for the owner's approval. */
export const DEMO_POST_IN_REVIEW =
  'New season, new palette: a first look at the packaging we designed for Fern & Field. Launching next week.';

/** The save request's fields for each network (spec 000 section 7). */
function saveFields(network: NetworkId, credentials: NetworkCredentials): Record<string, string> {
  switch (network) {
    case 'twitter': {
      const c = credentials.twitter as TwitterKeyCredentials;
      return {
        api_key: c.apiKey,
        api_secret: c.apiSecret,
        client_id: c.accessToken,
        client_secret: c.accessTokenSecret,
      };
    }
    case 'facebook': {
      const c = credentials.facebook;
      return {
        client_id: c.appId,
        client_secret: c.appSecret,
        access_token: c.accessToken,
        page_id: c.pageId,
      };
    }
    case 'linkedIn': {
      const c = credentials.linkedIn;
      return { client_id: c.clientId, client_secret: c.clientSecret, access_token: c.accessToken };
    }
    case 'instagram':
      return { access_token: credentials.instagram.accessToken };
    case 'bluesky':
      return {
        username: credentials.bluesky.username,
        client_secret: credentials.bluesky.appPassword,
      };
    case 'threads':
      return {
        access_token: credentials.threads.accessToken,
        client_secret: credentials.threads.clientSecret,
      };
  }
}

/** A mailer that keeps the last message, so the seeding can read the sign-up code. */
export function createCapturingMailer() {
  let lastText = '';
  const mailer: Mailer = {
    send: (message) => {
      lastText = message.text;
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return { mailer, lastText: () => lastText };
}

export interface SeedEntity {
  name: string;
  website: string;
  industry: string;
  description: string;
  networks: NetworkId[];
  /** Which of the account's Facebook Pages this entity posts to (default: the credentials'). */
  facebookPageId?: string;
  /** Who approves its posts before they go out (default: nobody, 'none'). */
  approval?: ApprovalMode;
}

/**
 * Signs an account up through the routes, verifies it with the mailed code, puts it on the
 * plan (Business unless told), and adds entities with connected networks. Answers the
 * session token and the entities' ids.
 */
export async function createSeededAccount(input: {
  app: AppInstance;
  db: Db;
  lastMail: () => string;
  account: { name: string; email: string; password: string };
  entities: SeedEntity[];
  credentials: NetworkCredentials;
  tier?: string;
}) {
  const { app, account } = input;
  const call = async (url: string, body: object, token?: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const json = response.json<{ data?: Record<string, unknown>; message?: string }>();
    if (response.statusCode >= 400)
      throw new Error(`Setup failed at ${url}: ${json.message ?? response.statusCode}`);
    return json.data ?? {};
  };
  await createVerifiedAccount(app, input.lastMail, account);
  await setTier(input.db, account.email, input.tier ?? 'business');
  const { access_token: token } = (await call(API_PATHS.signIn, {
    email: account.email,
    password: account.password,
  })) as { access_token: string };

  const companyIds: string[] = [];
  for (const entity of input.entities) {
    const company = await call(
      API_PATHS.companies,
      {
        name: entity.name,
        website: entity.website,
        industry: entity.industry,
        description: entity.description,
      },
      token,
    );
    const companyId = String(company.id);
    companyIds.push(companyId);
    if (entity.approval && entity.approval !== 'none') {
      const response = await app.inject({
        method: 'PUT',
        url: `/api${API_PATHS.company.replace(':id', companyId)}`,
        payload: {
          name: entity.name,
          website: entity.website,
          industry: entity.industry,
          description: entity.description,
          approval: entity.approval,
        },
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode >= 400)
        throw new Error(`Setup failed at the entity's approval: ${response.body}`);
    }
    const credentials =
      entity.facebookPageId === undefined
        ? input.credentials
        : {
            ...input.credentials,
            facebook: { ...input.credentials.facebook, pageId: entity.facebookPageId },
          };
    for (const network of entity.networks) {
      await call(
        API_PATHS.socialSave,
        {
          social_account_type: network,
          company_id: companyId,
          ...saveFields(network, credentials),
        },
        token,
      );
    }
  }
  return { token, companyIds };
}

/** Answers true when it created the demo account, false when it was already there. */
export async function seedDemo(
  env: NodeJS.ProcessEnv,
  credentials: NetworkCredentials,
): Promise<boolean> {
  const config = loadConfig(env);
  const logger = createLogger('warn');
  const infra = await openInfra(config, logger);
  try {
    const db = infra.database.db;
    const exists = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;
    const hasDemo = await exists(DEMO_ACCOUNT.email);
    const hasAdmin = await exists(DEMO_ADMIN.email);
    const hasEditor = await exists(DEMO_EDITOR.email);
    if (hasDemo && hasAdmin && hasEditor) return false;
    const capture = createCapturingMailer();
    const app = await buildApp(
      createContainer({ config, logger, ...infra, mailer: capture.mailer }),
    );
    try {
      if (!hasAdmin) await createVerifiedAccount(app, capture.lastText, DEMO_ADMIN);
      await setAdmin(db, DEMO_ADMIN.email, true);
      if (!hasDemo) {
        const { companyIds } = await createSeededAccount({
          app,
          db,
          lastMail: capture.lastText,
          account: DEMO_ACCOUNT,
          entities: ENTITIES,
          credentials,
          // Enterprise, so the demo shows the API, webhooks and the MCP server (the plans
          // keep their defaults: API access is Enterprise's).
          tier: 'enterprise',
        });
        const [demo] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, DEMO_ACCOUNT.email));
        if (demo && companyIds[0]) {
          await seedDemoLogs(db, { userId: demo.id, companyId: companyIds[0], now: new Date() });
          await expireSoon(db, companyIds[0], 'linkedIn', new Date());
        }
      }
      if (!hasEditor) await addDemoEditor(app, capture.lastText);
      // The demo customer is a customer: only the admin account runs the Admin panel.
      await setAdmin(db, DEMO_ACCOUNT.email, false);
      return !hasDemo;
    } finally {
      await app.close();
    }
  } finally {
    await infra.close();
  }
}

/**
 * A token that runs out in four days and that only a reconnect renews, as LinkedIn's
 * 60-day tokens do without a refresh grant: the Socials dialog and posts scheduled past
 * that day say 'Reconnect before {date}', and the token sweep warns of it (decision 092).
 */
async function expireSoon(db: Db, companyId: string, network: NetworkId, now: Date) {
  await db
    .update(socialConnections)
    .set({ tokenExpiresAt: new Date(now.getTime() + 4 * 86_400_000), tokenRenewable: false })
    .where(and(eq(socialConnections.companyId, companyId), eq(socialConnections.network, network)));
}

/** Signs an account up and verifies it with the mailed code, through the routes. */
async function createVerifiedAccount(
  app: AppInstance,
  lastMail: () => string,
  account: { name: string; email: string; password: string },
) {
  const signUp = await app.inject({
    method: 'POST',
    url: `/api${API_PATHS.signUp}`,
    payload: account,
  });
  if (signUp.statusCode >= 400) throw new Error(`Setup failed at sign-up: ${signUp.body}`);
  const code = /\b(\d{6})\b/.exec(lastMail())?.[1];
  if (!code) throw new Error('Setup failed: no sign-up code was mailed');
  const verified = await app.inject({
    method: 'POST',
    url: `/api${API_PATHS.submitOtp}`,
    // The code carries the password it sets (decision 090).
    payload: {
      purpose: 'registration',
      email: account.email,
      otp_code: code,
      password: account.password,
    },
  });
  if (verified.statusCode >= 400) throw new Error(`Setup failed at verification: ${verified.body}`);
}

/** Signs in through the route and answers the session token. */
async function signInToken(app: AppInstance, account: { email: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${API_PATHS.signIn}`,
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode >= 400) throw new Error(`Setup failed at sign-in: ${response.body}`);
  return response.json<{ data: { access_token: string } }>().data.access_token;
}

/**
 * The demo's team: the editor signs up, the demo account invites them by mail (the link's
 * token read from the mail, as a person would click it) and the editor accepts.
 */
async function addDemoEditor(app: AppInstance, lastMail: () => string) {
  await createVerifiedAccount(app, lastMail, DEMO_EDITOR);
  const owner = await signInToken(app, DEMO_ACCOUNT);
  const invited = await app.inject({
    method: 'POST',
    url: `/api${API_PATHS.teamInvitations}`,
    headers: { authorization: `Bearer ${owner}` },
    payload: { email: DEMO_EDITOR.email, role: 'editor' },
  });
  if (invited.statusCode >= 400) throw new Error(`Setup failed at invitation: ${invited.body}`);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(lastMail())?.[1];
  if (!token) throw new Error('Setup failed: no invitation link was mailed');
  const editor = await signInToken(app, DEMO_EDITOR);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api${API_PATHS.teamInvitationAccept.replace(':token', token)}`,
    headers: { authorization: `Bearer ${editor}` },
  });
  if (accepted.statusCode >= 400) throw new Error(`Setup failed at accepting: ${accepted.body}`);
  await submitDemoPost(app, owner, editor);
}

/**
 * The editor writes a post in the entity that needs approval and submits it: the demo opens
 * with a post in review ('by Eli Editor'), which the demo account approves.
 */
async function submitDemoPost(app: AppInstance, owner: string, editor: string) {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    options: { body?: object; workspace?: string } = {},
  ) => {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.workspace ? { 'x-workspace-id': options.workspace } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    if (response.statusCode >= 400) throw new Error(`Setup failed at ${url}: ${response.body}`);
    return response.json<{ data: { rows?: unknown[]; id?: string } }>().data;
  };
  const companies = (await call('GET', API_PATHS.companies, owner)).rows as Array<{
    id: string;
    approval?: ApprovalMode;
  }>;
  const needsApproval = companies.find((company) => (company.approval ?? 'none') !== 'none');
  const [workspace] = (await call('GET', API_PATHS.teamWorkspaces, owner)).rows as Array<{
    id: string;
  }>;
  if (!needsApproval || !workspace) return;
  const post = await call('POST', API_PATHS.posts, editor, {
    workspace: workspace.id,
    body: { company_id: needsApproval.id, content: DEMO_POST_IN_REVIEW, platforms: ['facebook'] },
  });
  await call('POST', API_PATHS.postSubmit.replace(':id', String(post.id)), editor, {
    workspace: workspace.id,
    body: {},
  });
}

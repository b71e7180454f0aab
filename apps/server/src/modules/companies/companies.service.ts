import {
  COMPANY_MESSAGES,
  HTTP_MESSAGES,
  LOGO_MESSAGES,
  NETWORK_NAMES,
  reconnectDeadline,
  type Company,
  type CompanyFields,
  type CompanyList,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { CompanyRow } from '../../db/schema/companies.js';
import { AppError } from '../../errors.js';
import { entityVisible } from '../../lib/entity-scope.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import {
  MarkupBusyError,
  MarkupTooComplexError,
  UnsafeSvgError,
  type MarkupThread,
} from '../../lib/markup/markup-thread.js';
import { assertAllowed, canSetApproval, type Actor } from '../approvals/index.js';
import { getEntitlements } from '../plans/index.js';
import * as repo from './companies.repository.js';
import { type UploadsService, storageKeyOfUrl } from '../uploads/index.js';
import { checkLogo } from './logo-image.js';

function toCompany(row: CompanyRow, connections: repo.ConnectionSummary[]): Company {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    industry: row.industry,
    custom_industry: row.customIndustry,
    description: row.description,
    logo_url: row.logoUrl,
    approval: row.approval,
    social_credentials: connections
      .filter((connection) => connection.companyId === row.id)
      .map((connection) => ({
        social_account: { key: connection.network, name: NETWORK_NAMES[connection.network] },
        account_name: connection.accountName,
        connected_at: connection.connectedAt.toISOString(),
        reconnect_before: reconnectDeadline(connection)?.toISOString() ?? null,
      })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');

/**
 * The entities that exist for the person asking: null means all of them; a member limited
 * to some sees the others as absent (404) everywhere.
 */
export interface EntityAccess {
  entityIds: string[] | null;
}
const ALL: EntityAccess = { entityIds: null };
const isVisible = (id: string, access: EntityAccess) => entityVisible(access, id);

export function createCompaniesService(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** Cancels what was still waiting to go out for the company (the schedules module's). */
  cancelPendingPublishing: (userId: string, companyId: string) => Promise<unknown>;
  /** Rate, allowance and records of uploads (the uploads module's). */
  uploads: Pick<UploadsService, 'countAttempt' | 'record' | 'discardIfUnused'>;
  /** Judges and cleans an SVG off the event loop (the markup worker's `cleanSvg`). */
  cleanSvg: MarkupThread['cleanSvg'];
}) {
  const { db } = deps;

  async function cleanLogoSvg(bytes: Buffer) {
    try {
      return await deps.cleanSvg(bytes);
    } catch (error) {
      if (error instanceof UnsafeSvgError)
        throw AppError.badRequest(LOGO_MESSAGES.svgScript, 'LOGO_SVG_ACTIVE');
      if (error instanceof MarkupTooComplexError)
        throw AppError.badRequest(LOGO_MESSAGES.svgTooComplex, 'LOGO_SVG_TOO_COMPLEX');
      if (error instanceof MarkupBusyError)
        throw AppError.unavailable(HTTP_MESSAGES.busy, 'SERVER_BUSY');
      throw error;
    }
  }

  async function withConnections(row: CompanyRow) {
    return toCompany(row, await repo.listConnections(db, [row.id]));
  }

  return {
    /** The customer's own company row, or undefined (also for another user's id). */
    findOwned: (userId: string, id: string) => repo.findCompany(db, userId, id),

    /** A page of the customer's companies, newest first (keyset), for the public API. */
    listPage: (
      userId: string,
      page: Parameters<typeof repo.listCompanyPage>[2],
    ): ReturnType<typeof repo.listCompanyPage> => repo.listCompanyPage(db, userId, page),

    /** The company's active connections (never their credentials); 404 for another's. */
    async connectionsOf(userId: string, id: string): Promise<repo.ConnectionSummary[]> {
      if (!(await repo.findCompany(db, userId, id))) throw notFound();
      return repo.listConnections(db, [id]);
    },

    async list(userId: string, access: EntityAccess = ALL): Promise<CompanyList> {
      const [all, entitlements] = await Promise.all([
        repo.listCompanies(db, userId),
        getEntitlements(db, userId),
      ]);
      const rows = all.filter((row) => isVisible(row.id, access));
      const connections = await repo.listConnections(
        db,
        rows.map((row) => row.id),
      );
      return {
        rows: rows.map((row) => toCompany(row, connections)),
        supported_social_accounts: entitlements.allowedNetworks,
        company_limit: entitlements.maxCompanies,
        network_limit: entitlements.maxNetworks,
      };
    },

    async create(userId: string, fields: CompanyFields): Promise<Company> {
      const row = await db.transaction(async (tx) => {
        await repo.lockCompanyCount(tx, userId);
        const entitlements = await getEntitlements(tx, userId);
        const limit = entitlements.maxCompanies;
        if (limit !== null && (await repo.countCompanies(tx, userId)) >= limit) {
          throw AppError.forbidden(
            COMPANY_MESSAGES.limitReached(limit, entitlements.planName),
            'COMPANY_LIMIT',
          );
        }
        return repo.insertCompany(tx, userId, fields);
      });
      return toCompany(row, []);
    },

    /**
     * `access`: the entities that exist for the person asking; `actor`: who asks. Changing who
     * approves the entity's posts is for the owner and managers.
     */
    async update(
      userId: string,
      id: string,
      fields: CompanyFields,
      access: EntityAccess = ALL,
      actor: Actor = { id: userId, role: 'owner' },
    ): Promise<Company> {
      if (!isVisible(id, access)) throw notFound();
      const before = await repo.findCompany(db, userId, id);
      if (before && fields.approval !== undefined && fields.approval !== before.approval) {
        assertAllowed(canSetApproval(actor));
      }
      const row = await repo.updateCompany(db, userId, id, fields, deps.clock());
      if (!row) throw notFound();
      // A replaced logo goes at once (when it is this customer's and nothing else uses it).
      const oldKey = storageKeyOfUrl(before?.logoUrl);
      if (oldKey && before?.logoUrl !== row.logoUrl) {
        await deps.uploads.discardIfUnused(userId, oldKey);
      }
      return withConnections(row);
    },

    async remove(userId: string, id: string, access: EntityAccess = ALL) {
      if (!isVisible(id, access)) throw notFound();
      // One statement: the company, its connections and (as later features add them)
      // its posts and schedules go together through ON DELETE CASCADE.
      // Its posts stay (company_id set null), but nothing still waiting may go out for them.
      if (await repo.findCompany(db, userId, id)) {
        await deps.cancelPendingPublishing(userId, id);
      }
      const isDeleted = await db.transaction((tx) => repo.deleteCompany(tx, userId, id));
      if (!isDeleted) throw notFound();
    },

    /**
     * Counts the attempt (refused or not, decision 102), reads the file with `read`, judges
     * it and stores it: an SVG as cleaned in the markup worker, never byte for byte.
     */
    async uploadLogo(userId: string, read: () => Promise<Buffer>) {
      await deps.uploads.countAttempt(userId);
      const bytes = await read();
      const logo = checkLogo(bytes);
      let content = bytes;
      if (logo.extension === 'svg') content = Buffer.from(await cleanLogoSvg(bytes), 'utf8');
      const stored = await deps.storage.save('logos', logo.extension, content);
      await deps.uploads.record(userId, 'logo', stored.key, content.length);
      return { logo_url: stored.url };
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

import type { Tenant } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
import type { Prisma } from '../../platform/db/generated/client.js';
import type { ConfigurationRecord } from './configuration.model.js';

/** What a write stores besides the key. */
export interface ConfigurationWrite {
  schemaUrl: string;
  document: Prisma.InputJsonObject;
  secrets: string | null;
}

/** Tenant-scoped reads and writes of `configurations`. Each write is one statement. */
export class ConfigurationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(tenant: Tenant): Promise<ConfigurationRecord[]> {
    return this.prisma.configuration.findMany({
      where: { merchant: tenant.merchant, channel: tenant.channel },
      orderBy: { configurationId: 'asc' },
    });
  }

  find(tenant: Tenant, id: string): Promise<ConfigurationRecord | null> {
    return this.prisma.configuration.findUnique({
      where: { merchant_channel_configurationId: { merchant: tenant.merchant, channel: tenant.channel, configurationId: id } },
    });
  }

  async findByIds(tenant: Tenant, ids: readonly string[]): Promise<Array<ConfigurationRecord | null>> {
    const rows = await this.prisma.configuration.findMany({
      where: { merchant: tenant.merchant, channel: tenant.channel, configurationId: { in: [...ids] } },
    });
    const byId = new Map(rows.map((row) => [row.configurationId, row]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** Inserts version 1; false when the row exists already (another writer was first). */
  async create(tenant: Tenant, id: string, write: ConfigurationWrite): Promise<boolean> {
    const { count } = await this.prisma.configuration.createMany({
      data: [{ merchant: tenant.merchant, channel: tenant.channel, configurationId: id, ...write, version: 1 }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** Replaces the row if it is still at `version`; false when another writer changed it first. */
  async replace(tenant: Tenant, id: string, version: number, write: ConfigurationWrite): Promise<boolean> {
    const { count } = await this.prisma.configuration.updateMany({
      where: { merchant: tenant.merchant, channel: tenant.channel, configurationId: id, version },
      data: { ...write, version: version + 1, updatedAt: new Date() },
    });
    return count === 1;
  }
}

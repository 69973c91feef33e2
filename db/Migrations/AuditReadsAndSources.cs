using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>023: the audit page's filter by kind of entry, as reads, sign-outs, job runs and refusals beyond reach join the log.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("023_audit_reads_and_sources")]
public sealed class AuditReadsAndSources : ScriptMigration;

using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>030: on PostgreSQL the database stamps the audit entry's time for every role that may not alter the log.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("030_audit_time_from_the_database")]
public sealed class AuditTimeFromTheDatabase : ScriptMigration;

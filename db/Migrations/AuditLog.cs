using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>006: the append-only audit log (sign-ins, prisoner page views, record changes, rule switches).</summary>
[DbContext(typeof(PrisonDb))]
[Migration("006_audit_log")]
public sealed class AuditLog : ScriptMigration;

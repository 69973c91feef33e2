using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>028: the prisons each audit entry concerns, so that an admin limited to prisons reads only theirs.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("028_audit_entry_prisons")]
public sealed class AuditEntryPrisons : ScriptMigration;

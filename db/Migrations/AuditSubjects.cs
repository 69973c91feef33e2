using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>017: whom an audited act on a user was done to, beside who did it.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("017_audit_subjects")]
public sealed class AuditSubjects : ScriptMigration;

using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>022: the rules assemblies a headquarters admin approved, by SHA-256.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("022_rule_assembly_approvals")]
public sealed class RuleAssemblyApprovals : ScriptMigration;

using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>007: rule settings as data, the rule set in force, and the fired rules of each verdict, countable per rule.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("007_rule_settings")]
public sealed class RuleSettings : ScriptMigration;

using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>015: the one-time tokens of saved recording forms, so that a form posted twice saves once.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("015_form_submissions")]
public sealed class FormSubmissions : ScriptMigration;

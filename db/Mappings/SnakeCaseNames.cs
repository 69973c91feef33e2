using System.Text;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;

namespace Prison.Db.Mappings;

/// <summary>Names every column the snake_case way the SQL scripts do, unless a mapping named it already.</summary>
internal static class SnakeCaseNames
{
    public static void Apply(ModelBuilder modelBuilder)
    {
        foreach (var entity in modelBuilder.Model.GetEntityTypes())
        {
            foreach (var property in entity.GetProperties())
            {
                if (property.FindAnnotation(RelationalAnnotationNames.ColumnName) is null)
                {
                    property.SetColumnName(Of(property.Name));
                }
            }
        }
    }

    public static string Of(string name)
    {
        var text = new StringBuilder(name.Length + 8);
        foreach (var c in name.TrimStart('_'))
        {
            if (char.IsUpper(c) && text.Length > 0)
            {
                text.Append('_');
            }

            text.Append(char.ToLowerInvariant(c));
        }

        return text.ToString();
    }
}

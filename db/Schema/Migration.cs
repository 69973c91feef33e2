using System.Security.Cryptography;
using System.Text;

namespace Prison.Db.Schema;

/// <summary>One numbered schema script, e.g. <c>001_prisoner_record.sql</c>.</summary>
public sealed record Migration(int Version, string Name, string Sql)
{
    /// <summary>Recorded when applied, so an applied script that was edited afterwards is noticed.</summary>
    public string Checksum { get; } = Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(Sql.ReplaceLineEndings("\n"))));

    public override string ToString() => $"{Version:000}_{Name}";
}

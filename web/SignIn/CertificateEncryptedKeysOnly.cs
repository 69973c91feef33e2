using System.Xml.Linq;
using Microsoft.AspNetCore.DataProtection.Repositories;
using Microsoft.AspNetCore.DataProtection.XmlEncryption;

namespace Prison.Web.SignIn;

/// <summary>
/// The key ring as stored, less the keys not encrypted with the configured certificate: a key planted in the table in
/// clear (or "encrypted" by a decryptor that only copies) is never loaded, so it neither signs nor accepts a cookie.
/// Revocations pass: one planted could only end sessions. Keys stored before the certificate are refused as well.
/// </summary>
internal sealed partial class CertificateEncryptedKeysOnly(IXmlRepository stored, ILogger<CertificateEncryptedKeysOnly> logger) : IXmlRepository
{
    private static readonly string CertificateDecryptor = typeof(EncryptedXmlDecryptor).FullName!;

    public IReadOnlyCollection<XElement> GetAllElements()
    {
        var accepted = new List<XElement>();
        foreach (var element in stored.GetAllElements())
        {
            if (element.Name.LocalName != "key" || IsEncryptedWithCertificate(element))
            {
                accepted.Add(element);
            }
            else
            {
                LogRefused(logger, (string?)element.Attribute("id") ?? "(no id)");
            }
        }

        return accepted;
    }

    public void StoreElement(XElement element, string friendlyName) => stored.StoreElement(element, friendlyName);

    /// <summary>Every secret of the key behind the certificate's decryptor, and no secret in clear beside them.</summary>
    private static bool IsEncryptedWithCertificate(XElement key)
    {
        var secrets = key.Descendants().Where(e => e.Name.LocalName == "encryptedSecret").ToList();
        return secrets.Count > 0
            && secrets.All(secret => ((string?)secret.Attribute("decryptorType"))?.Split(',')[0].Trim() == CertificateDecryptor)
            && !key.Descendants().Any(e => e.Name.LocalName == "masterKey");
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "The key ring holds key {KeyId}, which the configured certificate did not encrypt: it is ignored. A key stored in clear can forge sessions: find out who wrote it (docs/security.md).")]
    private static partial void LogRefused(ILogger logger, string keyId);
}

-- CreateTable
CREATE TABLE "AuthAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "email" TEXT,
    "ipAddress" TEXT,
    "succeeded" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "AuthAttempt_kind_email_succeeded_createdAt_idx" ON "AuthAttempt"("kind", "email", "succeeded", "createdAt");

-- CreateIndex
CREATE INDEX "AuthAttempt_kind_ipAddress_succeeded_createdAt_idx" ON "AuthAttempt"("kind", "ipAddress", "succeeded", "createdAt");

-- CreateIndex
CREATE INDEX "AuthAttempt_createdAt_idx" ON "AuthAttempt"("createdAt");
